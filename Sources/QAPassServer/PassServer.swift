import Foundation
import QAPassWorkflow

/// `qapass serve`: the pass served over HTTP from the repository's files, while it runs.
///
/// ```swift
/// let console = Console(currentDirectory: ".", out: { print($0, terminator: "") }, err: { _ in })
/// let workflow = Workflow(console: console)
/// let inputs = Workflow.ReportInputs(source: .init(matrix: "matrices/default.yaml"))
/// let serving = try PassServer(inputs, workflow: workflow, listen: .loopback) { _ in }
/// print(serving.url)  // http://127.0.0.1:PORT/
/// serving.stop()
/// ```
package final class PassServer {
  let server: HTTPServer
  let service: PassService
  /// The URL to open: the address clients use, with the token when one is required.
  package let url: String
  /// The token required, or `nil` on loopback.
  package let token: String?
  /// The port bound.
  package var port: UInt16 { server.port }

  /// Judges the pass once (so a matrix in error is said before anything listens), then listens on
  /// `listen`; off loopback with a new random token.
  ///
  /// - Parameters:
  ///   - inputs: The matrix, checklists and observations, as `pass` takes them.
  ///   - workflow: The use cases, over the real files.
  ///   - listen: Where to listen; port 0 lets the system choose.
  ///   - token: The token to require (tests); `nil` makes one off loopback, none on it.
  ///   - log: Called with a line for each observation recorded, on the thread of the request.
  /// - Throws: What the use cases throw for the plan; ``HTTPServer/StartError``.
  package init(
    _ inputs: Workflow.ReportInputs, workflow: Workflow, listen: ListenAddress, token: String? = nil,
    log: @escaping (String) -> Void
  ) throws {
    let token = token ?? (listen.isLoopback ? nil : AccessPolicy.newToken())
    // Bound first (the policy needs the port), answering only once the service is ready.
    final class Slot: @unchecked Sendable {
      let lock = NSLock()
      var service: PassService?
    }
    let slot = Slot()
    let server = HTTPServer { request in
      slot.lock.withLock { slot.service }?.respond(to: request)
        ?? .error(503, "starting", "the pass is being read; try again")
    }
    try server.start(listen)
    let policy = AccessPolicy(address: listen, port: server.port, token: token)
    let service = PassService(inputs: inputs, workflow: workflow, policy: policy, log: log)
    do {
      _ = try service.standing()
      try service.prepareToRecord()
    } catch {
      server.stop()
      throw error
    }
    service.startMaking()
    slot.lock.withLock { slot.service = service }
    self.server = server
    self.service = service
    self.token = token
    let host =
      listen.isWildcard
      ? ListenAddress.interfaceAddresses().first { !$0.hasPrefix("127.") && $0 != "::1" } ?? "127.0.0.1"
      : listen.host
    let authority = host.contains(":") ? "[\(host)]:\(server.port)" : "\(host):\(server.port)"
    url = "http://\(authority)/" + (token.map { "?token=\($0)" } ?? "")
  }

  /// Whether what the server answers reads is made from the files as they are now, waiting up to
  /// `seconds` for the standing being made.
  package func isCurrent(within seconds: Double) -> Bool { service.isCurrent(within: seconds) }

  /// Stops listening, then making the standing.
  package func stop() {
    server.stop()
    service.stopMaking()
  }

  /// What `qapass serve` prints: the URL, and off loopback the QR code of the URL with the token.
  package var banner: String {
    var text = "serving the pass at \(url)\n"
    if token != nil {
      text += "anyone with this URL can record; its token is new each time qapass serve starts\n"
      if let code = QRCode(url) { text += code.terminalText }
    }
    return text + "press Ctrl-C to stop\n"
  }

  /// Waits for SIGINT or SIGTERM, then stops. Call it from the thread that started the server, with
  /// both signals blocked before the server started (``blockStopSignals()``), so only this wait sees
  /// them.
  package func waitForStopSignal() {
    var signals = Self.stopSignals
    var received: Int32 = 0
    sigwait(&signals, &received)
    stop()
  }

  /// Blocks SIGINT and SIGTERM in this thread and the threads it starts from now on.
  package static func blockStopSignals() {
    var signals = stopSignals
    pthread_sigmask(SIG_BLOCK, &signals, nil)
  }

  private static var stopSignals: sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    return signals
  }
}
