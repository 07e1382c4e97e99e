import Foundation

/// Where the server listens: a numeric IPv4 or IPv6 address and a port (`127.0.0.1:8080`,
/// `[::1]:0`, `0.0.0.0:8080`).
package struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
  /// The address as written, without brackets (`192.0.2.7`, `::1`).
  package var host: String
  /// The port; 0 lets the system choose one.
  package var port: UInt16
  /// Whether ``host`` is an IPv6 address.
  package var isIPv6: Bool

  /// The default: loopback, a port the system chooses.
  package static let loopback = ListenAddress(host: "127.0.0.1", port: 0, isIPv6: false)

  /// Parses `ADDR:PORT` (`[ADDR]:PORT` for IPv6); `nil` when it is not a numeric address and port.
  package init?(_ text: String) {
    var host: Substring
    var port: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
        return nil
      }
      host = text[text.index(after: text.startIndex)..<close]
      port = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
      host = text[..<colon]
      port = text[text.index(after: colon)...]
    }
    guard let number = UInt16(port), port.allSatisfy(\.isASCII) else { return nil }
    let isIPv6 = host.contains(":")
    var bytes = [UInt8](repeating: 0, count: 16)
    guard inet_pton(isIPv6 ? AF_INET6 : AF_INET, String(host), &bytes) == 1 else { return nil }
    self.init(host: String(host), port: number, isIPv6: isIPv6)
  }

  init(host: String, port: UInt16, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  package var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// The address bytes in network order (4 or 16).
  var bytes: [UInt8] {
    var bytes = [UInt8](repeating: 0, count: isIPv6 ? 16 : 4)
    _ = inet_pton(isIPv6 ? AF_INET6 : AF_INET, host, &bytes)
    return bytes
  }

  /// Whether only this machine can connect: 127.0.0.0/8 or `::1`.
  package var isLoopback: Bool {
    isIPv6 ? bytes == [UInt8](repeating: 0, count: 15) + [1] : bytes[0] == 127
  }

  /// Whether it listens on every address of the machine (`0.0.0.0`, `::`).
  package var isWildcard: Bool { bytes.allSatisfy { $0 == 0 } }

  /// The address as `host:port` in a URL and a `Host` header (IPv6 in brackets).
  func authority(port: UInt16) -> String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// Calls `body` with the address as a `sockaddr`.
  func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      _ = inet_pton(AF_INET6, host, &address.sin6_addr)
      return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
  }

  /// The numeric addresses of this machine's interfaces that are up, IPv4 first (for a wildcard
  /// listen address: the hosts a client may name).
  static func interfaceAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: [(Bool, String)] = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(
        family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
      guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
        continue
      }
      let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // A link-local IPv6 address carries its zone (`fe80::1%eth0`), which no Host header names.
      guard !text.contains("%") else { continue }
      found.append((family == AF_INET6, text))
    }
    return found.sorted { !$0.0 && $1.0 }.map(\.1)
  }
}
