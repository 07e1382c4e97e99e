import Foundation
import LibFuzzerDriver

// libFuzzer parses the command line (corpus directories, -max_total_time=, ...) and calls `fuzz` per input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
  LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let data else { return withUnsafePointer(to: UInt8(0)) { fuzz($0, 0) } }
    return fuzz(data, size)
  })
