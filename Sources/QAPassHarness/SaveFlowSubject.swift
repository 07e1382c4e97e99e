/// A team's save button under test, built by ``HarnessSubject`` with the harness's saver and player.
///
/// The flow must save through ``SaveFlowEnvironment/saver`` and play through
/// ``SaveFlowEnvironment/player`` (wrap them in the app's own saver and player types), and play
/// ``SaveFlowEnvironment/confirmation``, never a pattern of its own.
public protocol SaveFlowSubject: AnyObject {
  /// The user taps Save.
  func tap()
  /// Core Haptics reset the engine (`resetHandler`).
  func engineDidReset()
  /// Core Haptics stopped the engine (`stoppedHandler`); by default the same as a reset.
  func engineDidStop()
  /// The app entered the background.
  func didEnterBackground()
  /// The app will enter the foreground.
  func willEnterForeground()
  /// What the screen shows.
  var visibleResult: VisibleSaveResult { get }
  /// How many diagnostics the flow recorded, or `nil` when it keeps none (then not checked).
  var diagnosticCount: Int? { get }
}

extension SaveFlowSubject {
  /// Treats a stopped engine like a reset.
  public func engineDidStop() { engineDidReset() }
  /// No diagnostics: not checked.
  public var diagnosticCount: Int? { nil }
}
