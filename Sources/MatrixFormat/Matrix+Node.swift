import Diagnostics
import MatrixExpansion
import YAMLDecoding

extension MatrixValue {
  /// Types a YAML node as GitHub does, keeping scalar text: quoted scalars and `!!str` are strings.
  init(node: Node) {
    switch node.content {
    case .scalar(let scalar):
      if scalar.style != .plain || node.tag == "!!str" || node.tag == "tag:yaml.org,2002:str" {
        self = .string(scalar.text)
      } else {
        self = .plain(scalar.text)
      }
    case .sequence(let items):
      self = .array(items.map(MatrixValue.init(node:)))
    case .mapping(let pairs):
      self = .object(pairs.map { MatrixMember($0.key.scalar?.text ?? "", MatrixValue(node: $0.value)) })
    }
  }
}

extension NodeReader {
  /// Reads a GitHub-style matrix mapping: dimensions (lists), `include` and `exclude` (lists of mappings).
  mutating func matrix(_ node: Node) -> Matrix? {
    guard let pairs = node.mapping else {
      error(
        "expected the matrix to be a mapping of dimensions, found \(node.kindDescription)", at: node.start)
      return nil
    }
    var matrix = Matrix(path: path, location: node.start, dimensions: [])
    for pair in pairs {
      let key = pair.key.scalar?.text ?? ""
      // Dimension names and values reach the scripts simulator-setup prints (`language`, `region`) and
      // item ids, titles and checklists: each must be one line of printable text.
      checkLines(pair.key, "the matrix dimension name")
      checkLines(
        pair.value,
        key == "include" || key == "exclude" ? "a value in '\(key)'" : "a value of matrix dimension '\(key)'")
      switch key {
      case "include":
        matrix.include = entries(pair.value, "'include'") ?? []
      case "exclude":
        matrix.exclude = entries(pair.value, "'exclude'") ?? []
      default:
        guard let items = pair.value.sequence else {
          error(
            "expected a list of values for dimension '\(key)', found \(pair.value.kindDescription)",
            at: pair.value.start)
          continue
        }
        matrix.dimensions.append(
          Matrix.Dimension(
            name: key,
            values: items.map { Matrix.Located(MatrixValue(node: $0), at: $0.start) },
            location: pair.key.start))
      }
    }
    return matrix
  }

  /// Reports every scalar under `node` (keys included) that is not one line of printable text.
  private mutating func checkLines(_ node: Node, _ what: String) {
    switch node.content {
    case .scalar(let scalar): checkLine(scalar.text, what, at: node)
    case .sequence(let items): items.forEach { checkLines($0, what) }
    case .mapping(let pairs):
      for pair in pairs {
        checkLines(pair.key, what)
        checkLines(pair.value, what)
      }
    }
  }

  private mutating func entries(_ node: Node, _ what: String) -> [Matrix.Entry]? {
    guard let items = sequence(node, what) else { return nil }
    var result: [Matrix.Entry] = []
    for item in items {
      guard let pairs = item.mapping else {
        error("expected each \(what) entry to be a mapping, found \(item.kindDescription)", at: item.start)
        continue
      }
      if pairs.isEmpty {
        error("this \(what) entry is empty; give at least one key", at: item.start)
        continue
      }
      result.append(
        Matrix.Entry(
          members: pairs.map {
            Matrix.Entry.Member(
              key: $0.key.scalar?.text ?? "", keyLocation: $0.key.start,
              value: Matrix.Located(MatrixValue(node: $0.value), at: $0.value.start))
          },
          location: item.start))
    }
    return result
  }
}
