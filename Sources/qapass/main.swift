import QAPassCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(Tool.main(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
