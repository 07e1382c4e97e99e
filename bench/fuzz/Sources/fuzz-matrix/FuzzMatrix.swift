import Foundation
import QAPassCLI

/// Where each input is written for the in-process command line to read (tmpfs when available).
let inputPath: String = {
  let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  return "\(directory)/qapass-fuzz-matrix-\(getpid()).yaml"
}()

/// Inputs up to this size also run the pairwise strategy, which costs more per input.
let pairwiseMaxBytes = 4096

/// The exit codes `lint` and `expand` may return for a file that exists; anything else is a bug.
let allowedCodes: Set<ExitCode> = [.success, .dataError]

/// libFuzzer entry: runs `qapass lint`, `qapass expand` and, for small inputs, `qapass expand --strategy
/// pairwise` in-process on the input as a matrix file, with a small combination limit to keep each run short.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard FileManager.default.createFile(atPath: inputPath, contents: bytes) else {
    preconditionFailure("cannot write \(inputPath)")
  }
  var runs = [
    ["lint", inputPath, "--max-combinations", "2000"],
    ["expand", inputPath, "--max-combinations", "2000"],
  ]
  if size <= pairwiseMaxBytes {
    runs.append(["expand", inputPath, "--max-combinations", "2000", "--strategy", "pairwise"])
  }
  for arguments in runs {
    var stderr = ""
    let console = Console(currentDirectory: "/", out: { _ in }, err: { stderr += $0 })
    let code = Tool.run(arguments: arguments, console: console)
    if !allowedCodes.contains(code) {
      preconditionFailure("qapass \(arguments.joined(separator: " ")) exited \(code.rawValue):\n\(stderr)")
    }
    if code == .dataError && !stderr.contains(": error: ") {
      preconditionFailure(
        "qapass \(arguments.joined(separator: " ")) failed without a diagnostic:\n\(stderr)")
    }
  }
  return 0
}
