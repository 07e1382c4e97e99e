import Foundation

/// Reads the files in `Tests/YAMLDecodingTests/Fixtures`.
enum Fixtures {
  /// The bytes of fixture `name` (such as `tab-indentation.yaml`), or empty when it is missing.
  static func bytes(_ name: String) -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
      let data = try? Data(contentsOf: url)
    else { return [] }
    return [UInt8](data)
  }

  /// The names of all fixtures, sorted, without hidden files such as `.keep`.
  static var names: [String] {
    guard let url = Bundle.module.resourceURL?.appendingPathComponent("Fixtures"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
    else { return [] }
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }
}
