/// One node of a parsed YAML document: a scalar, a sequence or a mapping, with where it was written.
///
/// Scalars stay textual: `17.10` is the text `"17.10"` with style ``Scalar/Style/plain``; nothing is
/// converted to numbers or booleans behind the caller's back. Use ``isNull``, ``bool`` and ``integer``
/// (`Node+Access.swift`) to read typed values, or a ``NodeReader``, which records a precise error for each
/// value of the wrong kind.
///
/// An alias (`*name`) is replaced by a copy of its anchored node; the copy carries the alias's own
/// ``start`` and ``end`` marks and no ``anchor``, while its children keep the marks of the anchored text.
///
/// ```swift
/// let root = try YAML.parse("name: 中文\nversion: 17.10\n")
/// root?["version"]?.scalar?.text  // "17.10"
/// root?["name"]?.start  // 1:7
/// ```
package struct Node: Hashable, Sendable {
  /// What a node holds.
  package enum Content: Hashable, Sendable {
    /// A scalar: text with the style it was written in.
    case scalar(Scalar)
    /// A sequence (block `- x` or flow `[x]`), in document order.
    case sequence([Node])
    /// A mapping (block `k: v` or flow `{k: v}`), in document order; keys are unique scalars.
    case mapping([Pair])
  }

  /// One key and its value in a mapping.
  package struct Pair: Hashable, Sendable {
    /// The key; always a scalar in a parsed tree.
    package var key: Node
    /// The value.
    package var value: Node

    /// Creates a pair.
    package init(key: Node, value: Node) {
      self.key = key
      self.value = value
    }
  }

  /// A scalar's text exactly as the document means it, and how it was written.
  package struct Scalar: Hashable, Sendable {
    /// How a scalar was written.
    package enum Style: Hashable, Sendable {
      /// Unquoted: `name`, `17.10`, `true`.
      case plain
      /// `'text'`.
      case singleQuoted
      /// `"text"`, with escapes already decoded.
      case doubleQuoted
      /// A `|` block scalar.
      case literal
      /// A `>` block scalar.
      case folded
    }

    /// The scalar's value: `17.10` stays `"17.10"`; quotes and escapes are already resolved.
    package var text: String
    /// The way the scalar was written.
    package var style: Style

    /// Creates a scalar.
    package init(text: String, style: Style) {
      self.text = text
      self.style = style
    }
  }

  /// The node's scalar text, sequence items or mapping pairs.
  package var content: Content
  /// The 1-based line and column of the node's first character, including its anchor or tag if any.
  package var start: Mark
  /// The 1-based line and column just past the node's last character.
  package var end: Mark
  /// The explicit tag, as written for the standard ones (`!!str`, `!!int`) or as resolved by libyaml
  /// for other handles; `nil` when the node has none.
  package var tag: String?
  /// The anchor name (`&name` defines `name`), or `nil`.
  package var anchor: String?

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - content: What the node holds.
  ///   - start: Where it starts; built trees that were never parsed can keep the default `1:1`.
  ///   - end: Where it ends.
  ///   - tag: An explicit tag such as `!!str`, or `nil`.
  ///   - anchor: An anchor name, or `nil`.
  package init(
    _ content: Content,
    start: Mark = Mark(line: 1, column: 1),
    end: Mark = Mark(line: 1, column: 1),
    tag: String? = nil,
    anchor: String? = nil
  ) {
    self.content = content
    self.start = start
    self.end = end
    self.tag = tag
    self.anchor = anchor
  }
}
