/// What the app actually sent: its network layer (or whatever receives a submitted form) sends
/// through this recorder in the harness, so "accepted with this text" is checked against what was
/// sent, not only against what the subject says it did.
///
/// ```swift
/// final class Outbox: FormSending {   // the app's protocol
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
