/// A team's save button under test, built by ``HarnessSubject`` with the harness's saver and player.
///
/// The flow must save through ``SaveFlowEnvironment/saver`` and play through
/// ``SaveFlowEnvironment/player`` (wrap them in the app's own saver and player types). It plays its
/// own confirmation, and ``confirmationPattern`` says which: the events of the app's one shared
/// confirmation function (the articles' `confirmationEvents()`), the same call the app makes.
/// `haptic.contract` compares that pattern with the matrix's contract, and every save-flow item
/// counts a confirmation as felt only when the flow played exactly that pattern on a prepared player.
///
/// Every requirement is one the app answers itself: there are no defaults, so a handler left
/// unwired (a stopped engine treated as a reset, or as nothing) is a compile error in the app's
/// tests, not a silent pass.
///
/// `SaveFlowingAdapter` (CoreAdapters) is one over any AcceptanceCore `SaveFlowing` flow, which plays
/// its own confirmation; docs/ADOPTING.md shows an app's own `SaveButtonSubject`.
public protocol SaveFlowSubject: AnyObject {
  /// The pattern the flow plays after a successful save, from the app's shared confirmation
  /// function (never a copy of the matrix's contract: that is what `haptic.contract` checks).
  var confirmationPattern: [PackHapticEvent] { get }
  /// The user taps Save.
  func tap()
  /// Core Haptics reset the engine (`resetHandler`).
  func engineDidReset()
  /// Core Haptics stopped the engine (`stoppedHandler`: an audio interruption, the background, an
  /// idle timeout).
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
