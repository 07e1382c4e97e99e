/// The exit codes qapass documents in `--help`.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case failure = 1
  case incomplete = 2
  case usage = 64
  case dataError = 65
}

public enum Tool {
  public static func main(arguments: [String]) -> ExitCode { .success }
}
