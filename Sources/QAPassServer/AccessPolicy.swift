import Foundation

/// Who may talk to the server: checked on every request before anything else.
///
/// - The `Host` header must name this server as the client reached it (an address it listens on, or
///   `localhost` on loopback): a page of another site whose name a DNS-rebinding attack points here
///   sends its own name and is refused.
/// - An `Origin` header, when sent (browsers send it on every POST and on cross-site requests), must be
///   this server's, and `Sec-Fetch-Site: cross-site` is refused: no other site's page can make a
///   tester's browser record.
/// - Off loopback, a token is required: `Authorization: Bearer TOKEN`, `?token=TOKEN` (the URL printed
///   and shown as a QR code; the page then keeps it in a same-site, HTTP-only cookie) or that cookie.
/// - A write must be `application/json`, which an HTML form cannot send.
package struct AccessPolicy: Sendable {
  /// The `Host` values accepted, lowercased.
  package var hosts: Set<String>
  /// The token every request must carry, or `nil` (loopback).
  package var token: String?

  /// The cookie that keeps the token once a page was opened with it.
  static let cookie = "qapass_token"

  /// The policy of a server listening on `address`, bound to `port`: loopback needs no token unless
  /// one is given; any other address requires `token`.
  package init(address: ListenAddress, port: UInt16, token: String?) {
    var names: [String]
    if address.isWildcard {
      names = ListenAddress.interfaceAddresses() + ["localhost"]
    } else {
      names = [address.host] + (address.isLoopback ? ["localhost"] : [])
    }
    hosts = Set(
      names.map { name in
        let host = name.contains(":") ? "[\(name)]" : name
        return "\(host):\(port)".lowercased()
      })
    self.token = token
  }

  /// The refusal of `request`, or `nil` when it may go on.
  package func refusal(of request: HTTPRequest) -> HTTPResponse? {
    guard let host = request.header("Host"), hosts.contains(host.lowercased()) else {
      return .error(
        403, "host_not_allowed",
        "the Host header \(request.header("Host").map { "'\($0)'" } ?? "is missing and") does not name this "
          + "server; open the URL qapass serve printed")
    }
    if let origin = request.header("Origin"),
      !hosts.contains(where: { "http://\($0)" == origin.lowercased() })
    {
      return .error(
        403, "origin_not_allowed", "requests from the page of another site ('\(origin)') are refused")
    }
    if request.header("Sec-Fetch-Site")?.lowercased() == "cross-site" {
      return .error(403, "origin_not_allowed", "requests from the page of another site are refused")
    }
    if let token, !Self.matches(token, presented(by: request)) {
      return .error(
        401, "token_required",
        "this pass is served on a network: open the URL with its token that qapass serve printed, or send "
          + "'Authorization: Bearer TOKEN'")
    }
    return nil
  }

  /// The refusal of a write (checked once the operation is known): its body must be JSON.
  package func refusal(ofWrite request: HTTPRequest) -> HTTPResponse? {
    let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(
      in: .whitespaces)
    guard type?.lowercased() == "application/json" else {
      return .error(415, "json_required", "send the body as application/json")
    }
    return nil
  }

  /// Whether the request carried the token in its URL (so the response gives it as a cookie).
  func tokenInURL(_ request: HTTPRequest) -> Bool {
    guard let token, let given = request.query("token") else { return false }
    return Self.matches(token, given)
  }

  /// The `Set-Cookie` value that keeps the token for the pages' own requests.
  var tokenCookie: String? {
    token.map { "\(Self.cookie)=\($0); Path=/; HttpOnly; SameSite=Strict" }
  }

  /// The token the request presents, wherever it is.
  private func presented(by request: HTTPRequest) -> String? {
    if let authorization = request.header("Authorization"), authorization.hasPrefix("Bearer ") {
      return String(authorization.dropFirst("Bearer ".count))
    }
    return request.query("token") ?? request.cookie(Self.cookie)
  }

  /// Compares in time that does not depend on where the texts differ.
  private static func matches(_ token: String, _ given: String?) -> Bool {
    guard let given else { return false }
    let (a, b) = (Array(token.utf8), Array(given.utf8))
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// A new token: 128 random bits as 32 hexadecimal digits.
  package static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let digits = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }
}
