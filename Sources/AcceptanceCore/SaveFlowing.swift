/// The visible state of a save button's flow.
public enum SaveState: Hashable, Sendable {
  /// Nothing saved yet.
  case idle
  /// A save is running; taps are ignored.
  case saving
  /// The last save succeeded.
  case saved
  /// The last save failed with this message.
  case failed(String)
}

/// Something a save flow noticed that does not change the outcome of a save.
public enum SaveFlowDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Preparing the haptic player threw; the description of the error.
  case prepareFailed(String)
  /// Playing the confirmation threw; the description of the error.
  case playFailed(String)
  /// The confirmation pattern is invalid and was not played.
  case invalidPattern([HapticSpecError])
  /// The save finished while the app was in the background; no haptic was played.
  case playSkippedInBackground
  /// A saver called its completion again, or for a save that was no longer current.
  case unexpectedCompletion

  /// One sentence.
  public var description: String {
    switch self {
    case .prepareFailed(let error): "haptic player prepare failed: \(error)"
    case .playFailed(let error): "haptic play failed: \(error)"
    case .invalidPattern(let errors):
      "confirmation pattern is invalid: " + errors.map(\.description).joined(separator: "; ")
    case .playSkippedInBackground: "save finished in the background; confirmation not played"
    case .unexpectedCompletion: "saver completed a save that was not running; ignored"
    }
  }
}

/// A save button's flow with its haptic confirmation; the seam where qapass swaps the correct
/// ``SaveFlow`` for deliberately naive test subjects.
///
/// Every handler is a requirement without a default, so a flow that leaves one out does not compile
/// rather than silently treating, say, a stopped engine as nothing at all.
public protocol SaveFlowing: AnyObject {
  /// The pattern the flow plays after a successful save: the app's one shared confirmation (the
  /// function the app and its tests both call), which a harness compares with the matrix's contract.
  var confirmation: HapticPattern { get }
  /// The visible state.
  var state: SaveState { get }
  /// Problems noticed along the way, in order.
  var diagnostics: [SaveFlowDiagnostic] { get }
  /// Handles a tap on the save button.
  ///
  /// - Returns: Whether a save was started.
  @discardableResult func tap() -> Bool
  /// The haptic engine reset itself (`CHHapticEngine.resetHandler`).
  func engineDidReset()
  /// The haptic engine stopped (`CHHapticEngine.stoppedHandler`: an audio interruption, the
  /// background, an idle timeout); it must be started again before the next play.
  func engineDidStop()
  /// The app went to the background.
  func didEnterBackground()
  /// The app is about to return to the foreground.
  func willEnterForeground()
}
