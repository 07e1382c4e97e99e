import Testing

@testable import Oracle

/// The standard library's Unicode version as the oracle reads it.
struct UnicodeVersionTests {
  @Test func `each probe was first assigned in its version`() {
    for (value, version) in UnicodeVersion.probes {
      let age = Unicode.Scalar(value)?.properties.age
      #expect(age.map { UnicodeVersion($0.major, $0.minor) } == version, "U+\(String(value, radix: 16))")
    }
  }

  @Test func `this toolchain's data is as new as the definitions`() {
    // Swift 6.3 ships Unicode 17.0 (DOMAIN 5.3); an older toolchain would leave texts unjudged.
    #expect(UnicodeVersion.standardLibrary >= .definitions)
    #expect(UnicodeVersion(16, 0) < UnicodeVersion(17, 0) && UnicodeVersion(15, 1) < UnicodeVersion(16, 0))
  }

  @Test func `too old data names the code point and both versions`() {
    let error = UnicodeDataTooOld(scalar: "\u{323B0}", data: UnicodeVersion(15, 0))
    #expect(error.description.hasPrefix("U+323B0 is not assigned in this build's Unicode data (15.0"))
    #expect(error.description.contains("the rules follow Unicode 17.0"))
  }
}
