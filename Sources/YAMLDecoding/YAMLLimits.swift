/// Bounds on untrusted YAML input, checked while the tree is built.
///
/// libyaml itself accepts unbounded nesting and alias expansion; these limits keep a hostile or broken
/// file (100,000 nested `[`, a "billion laughs" alias bomb) from exhausting memory or time. Parsing stops
/// at the first event past a limit with ``YAMLError/limitExceeded(limit:value:at:)``.
///
/// ```swift
/// var limits = YAMLLimits.default
/// limits.maxDepth = 2
/// try YAML.parse("os: [26.x, 18.x]\n", limits: limits)        // a mapping holding a sequence
/// try YAML.parse("os: [[26.x], [18.x]]\n", limits: limits)    // throws: limitExceeded "maxDepth"
/// ```
package struct YAMLLimits: Sendable, Hashable {
  /// The deepest nesting of sequences and mappings allowed, counting alias expansions (default 64).
  package var maxDepth: Int
  /// How many alias uses (`*name`) a file may contain (default 10,000).
  package var maxAliases: Int
  /// How many nodes the tree may hold, counting each alias as a copy of its anchored node (default 10,000,000).
  package var maxNodes: Int
  /// How many nodes alias uses may add in all, each alias counting the size of its anchored node
  /// (default 100,000). A matrix reuses a few small blocks; a 380-byte "billion laughs" would otherwise
  /// stay under `maxNodes` and still cost seconds and half a gigabyte to expand.
  package var maxAliasExpansion: Int
  /// The largest input accepted, in bytes, checked before parsing (default 64 MiB).
  package var maxInputBytes: Int

  /// Creates limits; every argument defaults to the value in ``default``.
  package init(
    maxDepth: Int = 64,
    maxAliases: Int = 10_000,
    maxNodes: Int = 10_000_000,
    maxAliasExpansion: Int = 100_000,
    maxInputBytes: Int = 64 << 20
  ) {
    self.maxDepth = maxDepth
    self.maxAliases = maxAliases
    self.maxNodes = maxNodes
    self.maxAliasExpansion = maxAliasExpansion
    self.maxInputBytes = maxInputBytes
  }

  /// The limits qapass uses for its own files.
  package static let `default` = YAMLLimits()
}
