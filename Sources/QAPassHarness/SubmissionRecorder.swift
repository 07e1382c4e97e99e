/// What the app actually sent: its network layer (or whatever receives a submitted form) sends
/// through this recorder in the harness, so "accepted with this text" is checked against what was
/// sent, not only against what the subject says it did.
///
/// ```swift
/// /// The app's network layer, as the form's code sees it.
/// protocol FormSending: AnyObject {
///   func send(_ text: String)
/// }
///
/// /// In the app's tests: what the form sends goes to the harness's recorder.
/// final class Outbox: FormSending {
///   let recorder: SubmissionRecorder
///   init(_ recorder: SubmissionRecorder) { self.recorder = recorder }
///   func send(_ text: String) { recorder.send(text) }
/// }
/// ```
public final class SubmissionRecorder {
  /// Every text sent, in order.
  public private(set) var sent: [String] = []

  /// Creates a recorder that has received nothing.
  public init() {}

  /// Records that the app sent `text`.
  public func send(_ text: String) { sent.append(text) }
}
