/// The pieces of one source text that a batch of diagnostics points at, found in a single pass.
///
/// Finding each diagnostic's line by scanning from the top of the file costs O(*n*) per diagnostic, so
/// a file with many errors rendered in quadratic time (issue "Hardening": 20,000 errors in a 490 KB
/// matrix file took 110 s). This walks the text once and keeps, for every location, a window of at most
/// `width` scalars of its line: from the start of the line, or centred on the column when the column is
/// further along than `width`.
///
/// - Complexity: O(*n* + *d* log *d* + *d* × `width`) for *n* scalars and *d* locations.
struct SourceExcerpts {
  /// The part of a line one location shows.
  struct Window: Equatable {
    /// The 1-based column of the first scalar in `scalars`.
    var firstColumn: Int
    /// The line's scalars from `firstColumn`, at most `width` of them.
    var scalars: [Unicode.Scalar] = []
    /// Whether the line goes on after the last scalar of the window.
    var continues = false
  }

  /// The window of every requested location whose line exists in the text.
  private(set) var windows: [TextPosition: Window] = [:]

  /// Collects the windows of `locations` in `source`.
  ///
  /// Lines end at `\n`, `\r\n` or a lone `\r`, as ``SourceText/line(_:in:)`` splits them; a location on a
  /// line past the end of the text gets no window.
  init(source: String, locations: some Sequence<TextPosition>, width: Int) {
    let width = max(width, 1)
    let targets = Set(locations.filter { $0.line >= 1 }).sorted()
    var nextTarget = 0
    var line = 1
    var column = 1
    // The current line's targets, ordered by column and so by window start and end as well.
    var lineTargets: [TextPosition] = []
    var lineWindows: [Window] = []
    var firstOpen = 0
    var nextToOpen = 0
    // The last `width` scalars of the current line (a ring), for columns past the end of their line.
    var tail: [Unicode.Scalar] = []
    var tailStart = 0

    func startLine() {
      lineTargets.removeAll(keepingCapacity: true)
      lineWindows.removeAll(keepingCapacity: true)
      while nextTarget < targets.count, targets[nextTarget].line == line {
        let target = targets[nextTarget]
        lineTargets.append(target)
        lineWindows.append(Window(firstColumn: target.column > width ? target.column - width / 2 : 1))
        nextTarget += 1
      }
      firstOpen = 0
      nextToOpen = 0
      tail.removeAll(keepingCapacity: true)
      tailStart = 0
    }
    func endLine() {
      let length = column - 1
      for (target, window) in zip(lineTargets, lineWindows) {
        if window.firstColumn > 1 && target.column > length + 1 {
          // Past the end of the line: show how the line ends instead of an empty window.
          let ending = Array(tail[tailStart...] + tail[..<tailStart])
          windows[target] = Window(firstColumn: length - ending.count + 1, scalars: ending)
        } else {
          windows[target] = window
        }
      }
    }

    startLine()
    var previousWasCR = false
    for scalar in source.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        endLine()
        line += 1
        column = 1
        if nextTarget == targets.count { return }  // every requested line is done
        startLine()
        continue
      }
      if !lineTargets.isEmpty {
        while nextToOpen < lineWindows.count, lineWindows[nextToOpen].firstColumn <= column {
          nextToOpen += 1
        }
        while firstOpen < nextToOpen, lineWindows[firstOpen].firstColumn + width <= column {
          lineWindows[firstOpen].continues = true
          firstOpen += 1
        }
        for index in firstOpen..<nextToOpen { lineWindows[index].scalars.append(scalar) }
        if firstOpen == lineWindows.count, nextTarget == targets.count {
          // Every window is full and no later line is wanted: the rest of a long line (a 100 MB file
          // with no newline) is not walked.
          endLine()
          return
        }
        if tail.count < width {
          tail.append(scalar)
        } else {
          tail[tailStart] = scalar
          tailStart = (tailStart + 1) % width
        }
      }
      column += 1
    }
    endLine()
  }
}
