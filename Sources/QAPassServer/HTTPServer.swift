internal import CMicroHTTPD
import Foundation

/// An HTTP/1.1 server on libmicrohttpd: it parses requests, bounds their bodies and hands each whole
/// request to one handler, whose response it sends.
///
/// libmicrohttpd runs one thread per connection (at most ``Limits/connections``) and calls the
/// handler on the connection's thread, so requests on different connections are answered at once: a
/// read never waits for a write, nor one client for another. The handler must be safe to call from
/// several threads. A request whose body is larger than ``Limits/body`` is answered 413 without
/// reading the rest.
package final class HTTPServer: @unchecked Sendable {
  /// Bounds on what a client may send and hold.
  package struct Limits: Sendable {
    /// The largest request body read, in bytes.
    package var body = 64 * 1024
    /// The most connections open at once.
    package var connections = 256
    /// Seconds an idle connection is kept.
    package var idleSeconds = 30

    /// The defaults: 64 KiB bodies, 256 connections, 30 s idle.
    package init() {}
  }

  /// Turns a request into its response, on the thread of the request's connection.
  package typealias Handler = (HTTPRequest) -> HTTPResponse

  /// Why the server could not start.
  package struct StartError: Error, CustomStringConvertible {
    package var description: String
  }

  let limits: Limits
  let handler: Handler
  private var daemon: OpaquePointer?

  /// The port bound (the one the system chose when asked for port 0); 0 before ``start(_:)``.
  package private(set) var port: UInt16 = 0

  /// Creates a server that answers with `handler`; it listens once started.
  package init(limits: Limits = Limits(), handler: @escaping Handler) {
    self.limits = limits
    self.handler = handler
  }

  deinit { stop() }

  /// Listens on `address` (port 0: one the system chooses, then in ``port``).
  ///
  /// - Throws: ``StartError`` when the address cannot be bound (in use, not this machine's).
  package func start(_ address: ListenAddress) throws {
    var flags = UInt32(
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
        | MHD_USE_AUTO.rawValue)
    if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
    let context = Unmanaged.passUnretained(self).toOpaque()
    daemon = address.withSocketAddress { socketAddress in
      qapass_mhd_start(
        flags, socketAddress, Self.access, context, Self.completed, UInt32(limits.connections),
        UInt32(limits.idleSeconds), 256 * 1024)
    }
    guard let daemon else {
      throw StartError(description: "cannot listen on \(address): \(String(cString: strerror(errno)))")
    }
    port = qapass_mhd_port(daemon)
  }

  /// Stops listening and closes every connection; waits for the handlers running, if any.
  package func stop() {
    guard let daemon else { return }
    MHD_stop_daemon(daemon)
    self.daemon = nil
  }

  /// A request being read: its body so far.
  final class Pending {
    var body: [UInt8] = []
    var answered = false
  }

  /// libmicrohttpd's access handler: called once when the headers are in, then with each piece of the
  /// body, then once more with none left, when the handler answers.
  private static let access: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadDataSize, connectionContext in
    guard let context, let connection, let url, let method, let uploadDataSize, let connectionContext else {
      return .NO
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard let opaque = connectionContext.pointee else {
      let pending = Pending()
      connectionContext.pointee = Unmanaged.passRetained(pending).toOpaque()
      let length = header(connection, "Content-Length").flatMap { Int($0) } ?? 0
      if length > server.limits.body {
        pending.answered = true
        return queue(server.tooLarge(), on: connection)
      }
      return .YES
    }
    let pending = Unmanaged<Pending>.fromOpaque(opaque).takeUnretainedValue()
    let size = uploadDataSize.pointee
    if size > 0 {
      uploadDataSize.pointee = 0
      guard !pending.answered else { return .YES }
      if pending.body.count + size > server.limits.body {
        pending.answered = true
        return queue(server.tooLarge(), on: connection)
      }
      if let uploadData {
        pending.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
      }
      return .YES
    }
    guard !pending.answered else { return .YES }
    pending.answered = true
    let request = HTTPRequest(
      method: String(cString: method), path: String(cString: url),
      headers: values(connection, .HEADER_KIND), query: values(connection, .GET_ARGUMENT_KIND),
      body: pending.body, client: clientAddress(connection))
    return queue(server.handler(request), on: connection)
  }

  /// Releases what ``access`` kept for a request once it is answered or the connection is gone.
  private static let completed: MHD_RequestCompletedCallback = { _, _, connectionContext, _ in
    guard let connectionContext, let opaque = connectionContext.pointee else { return }
    Unmanaged<Pending>.fromOpaque(opaque).release()
    connectionContext.pointee = nil
  }

  func tooLarge() -> HTTPResponse {
    .error(413, "body_too_large", "the request body is larger than \(limits.body) bytes")
  }

  private static func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  /// Every header or query argument of the request, in order (query arguments decoded).
  private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(String, String)] {
    final class Pairs {
      var pairs: [(String, String)] = []
    }
    let pairs = Pairs()
    withExtendedLifetime(pairs) {
      _ = MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
          guard let context, let key else { return .YES }
          Unmanaged<Pairs>.fromOpaque(context).takeUnretainedValue().pairs.append(
            (String(cString: key), value.map { String(cString: $0) } ?? ""))
          return .YES
        }, Unmanaged.passUnretained(pairs).toOpaque())
    }
    return pairs.pairs
  }

  /// The client's address as text (`192.0.2.7`, `::1`), or `unknown`.
  private static func clientAddress(_ connection: OpaquePointer) -> String {
    guard let address = qapass_mhd_client_address(connection) else { return "unknown" }
    var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    let length = socklen_t(
      Int32(address.pointee.sa_family) == AF_INET6
        ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
      return "unknown"
    }
    return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made = response.body.withUnsafeBytes { bytes in
      qapass_mhd_copied_response(bytes.count, bytes.baseAddress)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers {
      _ = MHD_add_response_header(made, name, value)
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
  }
}
