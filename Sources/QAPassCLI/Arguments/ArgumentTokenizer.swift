/// One command-line token, with its position, as swift-argument-parser's `SplitArguments` keeps them.
struct ArgumentToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `--name` or `--name=value` (value attached).
    case longOption(name: String, value: String?)
    /// `-x` (one letter; `-abc` is split into three).
    case shortOption(Character)
    /// A value or positional argument.
    case value(String)
    /// Everything after `--` is positional.
    case terminator
  }

  var kind: Kind
  /// Index of the argument this token came from.
  var index: Int
}

enum ArgumentTokenizer {
  /// Splits raw arguments: `--name=value`, `-abc` into `-a -b -c` (letters only), and `--` ending options.
  static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var afterTerminator = false
    for (index, argument) in arguments.enumerated() {
      if afterTerminator {
        tokens.append(ArgumentToken(kind: .value(argument), index: index))
      } else if argument == "--" {
        afterTerminator = true
        tokens.append(ArgumentToken(kind: .terminator, index: index))
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          let name = String(body[..<equals])
          let value = String(body[body.index(after: equals)...])
          tokens.append(ArgumentToken(kind: .longOption(name: name, value: value), index: index))
        } else {
          tokens.append(ArgumentToken(kind: .longOption(name: String(body), value: nil), index: index))
        }
      } else if argument.hasPrefix("-"), argument.count > 1,
        argument.dropFirst().allSatisfy({ $0.isASCII && $0.isLetter })
      {
        // Only `-abc` is short options; `-1`, `- a note` or `-stayed: red` are values (a note may start with '-').
        for letter in argument.dropFirst() {
          tokens.append(ArgumentToken(kind: .shortOption(letter), index: index))
        }
      } else {
        tokens.append(ArgumentToken(kind: .value(argument), index: index))
      }
    }
    return tokens
  }
}
