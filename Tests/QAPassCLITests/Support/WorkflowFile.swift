import Foundation
import YAMLDecoding

/// A GitHub Actions workflow file as `CIWorkflowTests` checks it, read with qapass's own YAML reader.
///
/// Only what the checks need is kept: the workflow's `env`, and per job its `needs`, `runs-on`, `if`,
/// `strategy.matrix`, `outputs`, `env` and steps (`id`, `if`, `uses`, `with`, `env`, `run`).
///
/// ```swift
/// let workflow = try WorkflowFile.read(".github/workflows/qapass.yml")
/// workflow.job("simulators")?.needs   // ["plan", "mac-build"]
/// ```
struct WorkflowFile {
  struct Step {
    var index: Int
    var id: String?
    var name: String?
    var condition: String?
    var uses: String?
    var with: [String: String]
    var env: [String: String]
    var run: String?
    /// The simple commands of `run` (``ShellScript``).
    var commands: [ShellScript.Command] { run.map(ShellScript.commands) ?? [] }
    /// The commands whose program is qapass.
    var qapass: [ShellScript.Command] { commands.filter(\.isQAPass) }
  }

  struct Job {
    var id: String
    var node: Node
    var needs: [String]
    var runsOn: String?
    var condition: String?
    var matrix: String?
    var outputs: [String: String]
    var env: [String: String]
    var steps: [Step]

    /// Every scalar of the job, for references such as `matrix.session`.
    var scalars: [String] { WorkflowFile.scalars(node) }
    /// The first step with a qapass command named `subcommand`.
    func step(running subcommand: String) -> Step? {
      steps.first { $0.qapass.contains { $0.subcommand == subcommand } }
    }
    /// The steps that use the action `name` (`actions/upload-artifact`).
    func steps(using name: String) -> [Step] { steps.filter { $0.uses?.hasPrefix(name + "@") == true } }
  }

  var root: Node
  var env: [String: String]
  var jobs: [Job]

  func job(_ id: String) -> Job? { jobs.first { $0.id == id } }

  static func read(_ url: URL) throws -> WorkflowFile {
    guard let root = try YAML.parse(try String(contentsOf: url, encoding: .utf8)) else {
      throw Problem("\(url.path) is empty")
    }
    var jobs: [Job] = []
    for pair in root["jobs"]?.mapping ?? [] {
      let node = pair.value
      let needs =
        node["needs"].map { $0.sequence?.compactMap(\.scalar?.text) ?? [$0.scalar?.text ?? ""] } ?? []
      let steps = (node["steps"]?.sequence ?? []).enumerated().map { index, step in
        Step(
          index: index, id: step["id"]?.scalar?.text, name: step["name"]?.scalar?.text,
          condition: step["if"]?.scalar?.text, uses: step["uses"]?.scalar?.text, with: strings(step["with"]),
          env: strings(step["env"]), run: step["run"]?.scalar?.text)
      }
      jobs.append(
        Job(
          id: pair.key.scalar?.text ?? "", node: node, needs: needs, runsOn: node["runs-on"]?.scalar?.text,
          condition: node["if"]?.scalar?.text, matrix: node["strategy"]?["matrix"]?.scalar?.text,
          outputs: strings(node["outputs"]), env: strings(node["env"]), steps: steps))
    }
    return WorkflowFile(root: root, env: strings(root["env"]), jobs: jobs)
  }

  /// A mapping of scalars as a dictionary (`env`, `with`, `outputs`).
  static func strings(_ node: Node?) -> [String: String] {
    var result: [String: String] = [:]
    for pair in node?.mapping ?? [] {
      if let key = pair.key.scalar?.text, let value = pair.value.scalar?.text { result[key] = value }
    }
    return result
  }

  static func scalars(_ node: Node) -> [String] {
    switch node.content {
    case .scalar(let scalar): return [scalar.text]
    case .sequence(let items): return items.flatMap(scalars)
    case .mapping(let pairs): return pairs.flatMap { scalars($0.key) + scalars($0.value) }
    }
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

/// The simple commands of a shell script, as the words a shell would pass after removing quotes.
///
/// Enough of the shell for the scripts of a workflow: quotes, backslashes, line continuations,
/// comments, `;`, `&&`, `||`, `|`, redirections (their target is dropped) and `$(…)`, whose body is
/// read as commands of its own. Variables are kept as written (`$SESSION`).
///
/// ```swift
/// ShellScript.commands("x=$(qapass plan \"$M\" --format github-matrix)\necho \"$x\" >> out")
/// // [["qapass", "plan", "$M", "--format", "github-matrix"], ["x=$(…)"], ["echo", "$x"]]
/// ```
enum ShellScript {
  struct Command: CustomStringConvertible {
    /// The words, leading variable assignments and `do`/`then`/`else` removed.
    var words: [String]
    var program: String? { words.first }
    var arguments: [String] { Array(words.dropFirst()) }
    var isQAPass: Bool { program == "qapass" || program?.hasSuffix("/qapass") == true }
    /// For qapass, its subcommand.
    var subcommand: String? { isQAPass ? arguments.first : nil }
    /// The value after `option` (`--session`, `-scheme`), if given.
    func value(_ option: String) -> String? {
      guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
      return words[index + 1]
    }
    func has(_ word: String) -> Bool { words.contains(word) }
    var description: String { words.joined(separator: " ") }
  }

  static func commands(_ script: String) -> [Command] {
    var reader = Reader(Array(script.replacingOccurrences(of: "\\\n", with: "")))
    reader.read(until: nil)
    return reader.commands.compactMap { words in
      var words = words
      while let first = words.first,
        ["do", "then", "else", "!"].contains(first)
          || first.range(of: #"^[A-Za-z_][A-Za-z0-9_]*="#, options: .regularExpression) != nil
      {
        words.removeFirst()
      }
      return words.isEmpty ? nil : Command(words: words)
    }
  }

  private struct Reader {
    var characters: [Character]
    var position = 0
    var commands: [[String]] = []
    var current: [String] = []
    var word: String?
    var dropsNextWord = false

    init(_ characters: [Character]) { self.characters = characters }

    var next: Character? { position + 1 < characters.count ? characters[position + 1] : nil }

    mutating func endWord() {
      guard let finished = word else { return }
      word = nil
      if dropsNextWord { dropsNextWord = false } else { current.append(finished) }
    }

    mutating func endCommand() {
      endWord()
      if !current.isEmpty { commands.append(current) }
      current = []
    }

    mutating func append(_ text: String) { word = (word ?? "") + text }

    /// Reads commands up to `end` (the `)` of a `$(`) or the end of the script.
    mutating func read(until end: Character?) {
      while position < characters.count {
        let c = characters[position]
        if c == end {
          endCommand()
          return
        }
        switch c {
        case " ", "\t": endWord()
        case "\n", ";", "&", "|", "(", ")": endCommand()
        case "#" where word == nil:
          while position < characters.count, characters[position] != "\n" { position += 1 }
          continue
        case ">", "<":
          if let digits = word, digits.allSatisfy(\.isNumber) { word = nil } else { endWord() }
          while let following = next, following == ">" || following == "&" { position += 1 }
          dropsNextWord = true
        case "\\":
          position += 1
          if position < characters.count { append(String(characters[position])) }
        case "'":
          append("")
          position += 1
          while position < characters.count, characters[position] != "'" {
            append(String(characters[position]))
            position += 1
          }
        case "\"":
          append("")
          position += 1
          while position < characters.count, characters[position] != "\"" {
            if characters[position] == "\\", let following = next, "\"\\$`".contains(following) {
              position += 1
              append(String(following))
            } else if characters[position] == "$", next == "(" {
              substitution()
            } else {
              append(String(characters[position]))
            }
            position += 1
          }
        case "$" where next == "(":
          substitution()
        default: append(String(c))
        }
        position += 1
      }
      endCommand()
    }

    /// `$(…)`: its body becomes commands of their own; the word holds `$(…)`.
    mutating func substitution() {
      let (outerCurrent, outerWord, outerDrop) = (current, word, dropsNextWord)
      (current, word, dropsNextWord) = ([], nil, false)
      position += 2
      read(until: ")")
      (current, word, dropsNextWord) = (outerCurrent, outerWord, outerDrop)
      append("$(…)")
    }
  }
}
