/// How a save ended.
public enum SaveResult: Hashable, Sendable {
  /// The data was saved.
  case success
  /// The save failed; the message is shown to the user.
  case failure(String)
}

/// Performs the actual save and reports the result through a completion callback, which may be
/// called synchronously or later, once.
public protocol Saver: AnyObject {
  /// Starts saving and calls `completion` with the result.
  func save(completion: @escaping (SaveResult) -> Void)
}
