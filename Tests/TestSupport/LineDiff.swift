/// A line diff for failure messages: `-` lines only in `expected`, `+` lines only in `actual`, each
/// with its line number, in order; at most `limit` lines, then a count of the rest.
///
/// The common first and last lines are skipped, and the changed region between them is aligned by
/// a longest common subsequence, so one inserted line shows as one `+` line. A changed region too
/// large to align (over a million line pairs) is shown as all `-` lines, then all `+` lines.
///
/// ```swift
/// lineDiff("a\nb\nc", "a\nB\nc")   // "- b  (line 2)\n+ B  (line 2)"
/// ```
///
/// - Complexity: O(*n* + *d*²) for *n* lines with a changed region of *d* lines.
public func lineDiff(_ expected: String, _ actual: String, limit: Int = 40) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var prefix = 0
  while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
    suffix += 1
  }
  let old = Array(a[prefix..<(a.count - suffix)])
  let new = Array(b[prefix..<(b.count - suffix)])
  func removed(_ index: Int) -> String { "- \(old[index])  (line \(prefix + index + 1))" }
  func added(_ index: Int) -> String { "+ \(new[index])  (line \(prefix + index + 1))" }

  var out: [String] = []
  if old.count * new.count > 1_000_000 {
    out = old.indices.map(removed) + new.indices.map(added)
  } else {
    // lcs[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lcs[i + 1][j] >= lcs[i][j + 1] {
        out.append(removed(i))
        i += 1
      } else {
        out.append(added(j))
        j += 1
      }
    }
  }
  if out.count > limit { out = Array(out.prefix(limit)) + ["… (\(out.count - limit) more lines)"] }
  return out.joined(separator: "\n")
}
