import Diagnostics
import YAMLDecoding

/// Trees up to this many nodes (aliases counted as copies) also go through the emitter round trip; the
/// emitter expands aliases, so a small alias bomb within the parser's limits would otherwise spend each
/// run writing a million scalars.
let roundTripLimits = YAMLLimits(maxNodes: 20_000)

/// libFuzzer entry: parses the input as YAML with qapass's default limits, renders any error the way the
/// command line does, and checks that a small tree the emitter writes parses again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    guard try YAML.parse(bytes) != nil, let root = try? YAML.parse(bytes, limits: roundTripLimits) else {
      return 0
    }
    guard let emitted = try? YAMLEmitter().emit(root) else { return 0 }
    do {
      _ = try YAML.parse(emitted)
    } catch {
      // The emitter wrote YAML its own parser refuses: a real bug, reported as a crash with both texts.
      preconditionFailure("emitted YAML does not parse: \(error)\n--- emitted ---\n\(emitted)")
    }
  } catch {
    let diagnostic = error.diagnostic(path: "fuzz.yaml")
    let source = String(decoding: bytes, as: UTF8.self)
    _ = DiagnosticRenderer(colored: false).render(diagnostic, source: source)
    _ = DiagnosticRenderer(colored: true).render(diagnostic, source: source)
  }
  return 0
}
