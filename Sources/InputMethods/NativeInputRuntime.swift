internal import CAnthy
internal import CM17N
import Dispatch

/// The one serial executor for m17n-lib and Anthy, neither of which is thread-safe.
///
/// Every call into either library (init, open, create, filter, lookup, destroy, close, and all of
/// Anthy) runs inside `run(_:)`, on one private serial queue, so calls from any number of threads or
/// tasks never overlap. The two libraries share the queue because m17n's `ja-anthy` input method
/// calls Anthy itself (`libmimx-anthy` runs `anthy_init` and `anthy_create_context` when an input
/// context is created). m17n is initialised once and never finalised; opened input methods are cached
/// per name for the life of the process.
final class NativeInputRuntime: @unchecked Sendable {
  /// The process-wide instance.
  static let shared = NativeInputRuntime()

  private let queue = DispatchQueue(label: "qapass.InputMethods.native")
  /// Only touched on `queue`.
  private let session = Session()

  private init() {}

  /// Runs `body` on the serial queue with exclusive access to the libraries.
  ///
  /// Not reentrant: `body` must not call `run` again (that would deadlock, so it stops the program
  /// with a precondition failure instead; no user input can reach that path).
  func run<T, E: Error>(_ body: (Session) throws(E) -> T) throws(E) -> T {
    dispatchPrecondition(condition: .notOnQueue(queue))
    let result: Result<T, E> = queue.sync {
      Result { () throws(E) -> T in try body(session) }
    }
    return try result.get()
  }

  /// Library state; use it only inside `NativeInputRuntime.run(_:)`.
  final class Session {
    private var m17nReady: Bool?
    private var catalog: [String: (language: String, name: String)]?
    private var openMethods: [String: UnsafeMutablePointer<MInputMethod>] = [:]
    private var anthyReady: Bool?

    /// Where Anthy looks for its per-user files (`~/.anthy`): a path that can never be a directory,
    /// so conversions ignore any user's learning data and Anthy writes nothing.
    static let anthyHome = "/dev/null"

    /// Initialises m17n-lib once; false if it failed.
    func ensureM17N() -> Bool {
      if let m17nReady { return m17nReady }
      m17n_init()
      let ready = M17N.errorCode == 0
      m17nReady = ready
      return ready
    }

    /// Initialises Anthy once, before anything else can: user files redirected to `anthyHome`, the
    /// anonymous personality (no learning record), UTF-8 contexts are set per context.
    func ensureAnthy() -> Bool {
      if let anthyReady { return anthyReady }
      anthy_conf_override("HOME", Self.anthyHome)
      var ready = anthy_init() == 0
      if ready {
        // "" is Anthy's anonymous personality: its record is never saved.
        ready = anthy_set_personality("") == 0
      }
      anthyReady = ready
      return ready
    }

    /// The input methods in m17n-db, keyed `lang-name` (e.g. `zh-py`), read once.
    func m17nCatalog() -> [String: (language: String, name: String)] {
      if let catalog { return catalog }
      var found: [String: (language: String, name: String)] = [:]
      let none = M17N.nilSymbol
      if ensureM17N(), let list = mdatabase_list(msymbol("input-method"), none, none, none) {
        var item: OpaquePointer? = list
        while let current = item, mplist_key(current) != M17N.nilSymbol {
          if let database = mplist_value(current), let tag = mdatabase_tag(OpaquePointer(database)),
            tag[1] != M17N.nilSymbol, tag[2] != M17N.nilSymbol, let language = msymbol_name(tag[1]),
            let name = msymbol_name(tag[2])
          {
            let language = String(cString: language)
            let name = String(cString: name)
            found["\(language)-\(name)"] = (language, name)
          }
          item = mplist_next(current)
        }
        m17n_object_unref(UnsafeMutableRawPointer(list))
      }
      catalog = found
      return found
    }

    /// The opened input method `lang-name`, opening and caching it on first use.
    func inputMethod(_ key: String) -> UnsafeMutablePointer<MInputMethod>? {
      if let open = openMethods[key] { return open }
      guard let entry = m17nCatalog()[key],
        let method = minput_open_im(msymbol(entry.language), msymbol(entry.name), nil)
      else { return nil }
      openMethods[key] = method
      return method
    }
  }
}
