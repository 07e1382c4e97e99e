import Diagnostics

extension KeyboardIdentifier {
  /// The identifiers qapass knows: those DOMAIN 3.3 lists with their evidence, then the rest of
  /// AutoMate's `SoftwareKeyboard` list (PGSSoft/AutoMate, `AutoMate/Models/SoftwareKeyboard.swift`, one
  /// identifier per keyboard iOS offered), which DOMAIN 3.3 cites.
  ///
  /// Identifiers compare without their `;hw=` part (``bare(_:)``): devices write `;hw=Automatic` or
  /// `;hw=US` after the same software keyboard.
  package static let known = [
    // DOMAIN 3.3: Chinese, Japanese, Korean, English.
    "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", "zh_Hans-Pinyin@sw=Pinyin10-Simplified;hw=Automatic",
    "zh_Hans-HWR@sw=HWR-Simplified", "zh_Hans-Shuangpin@sw=Pinyin-Simplified",
    "zh_Hans-Wubihua@sw=Wubihua-Simplified", "zh_Hant-Zhuyin@sw=Zhuyin", "zh_Hant-Cangjie@sw=Cangjie",
    "zh_Hant-Sucheng@sw=Sucheng", "ja_JP-Kana@sw=Kana;hw=Automatic",
    "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic",
    "ko_KR@sw=Korean;hw=Automatic", "ko_KR@sw=Korean10Key;hw=Automatic", "en_US@sw=QWERTY;hw=Automatic",
    // AutoMate's other Chinese and Japanese keyboards.
    "zh_CN@sw=Pinyin-Simplified", "zh_TW@sw=Zhuyin", "zh_Hant-HWR@sw=HWR-Traditional",
    "zh_Hant-Pinyin@sw=Pinyin-Traditional", "zh_Hant-Wubihua@sw=Wubihua-Traditional", "ja_JP@sw=Kana",
    // AutoMate's other languages.
    "ar@sw=Arabic", "bn@sw=Bengali", "bg_BG@sw=Bulgarian", "ca_ES@sw=QWERTY-Catalan", "chr@sw=Cherokee",
    "hr_HR@sw=QWERTZ", "cs_CZ@sw=Czech-Slovak", "da_DK@sw=QWERTY-Danish", "nl_BE@sw=AZERTY",
    "nl_NL@sw=QWERTY", "en_AU@sw=QWERTY", "en_CA@sw=QWERTY", "en_IN@sw=QWERTY", "en_JP@sw=QWERTY",
    "en_SG@sw=QWERTY", "en_GB@sw=QWERTY", "et_EE@sw=QWERTY", "fi_FI@sw=QWERTY-Swedish-Finnish",
    "fr_BE@sw=AZERTY-French", "fr_CA@sw=QWERTY-Accents", "fr_FR@sw=AZERTY-French", "fr_CH@sw=QWERTZ-Accents",
    "ka@sw=Georgian-Phonetic", "de_AT@sw=QWERTZ-German", "de_DE@sw=QWERTZ-German", "de_CH@sw=QWERTZ-German",
    "el_GR@sw=Greek", "gu@sw=Gujarati", "haw@sw=QWERTY-Hawaiian", "he_IL@sw=Hebrew", "hi@sw=Devanagari-Hindi",
    "hi_Latn@sw=QWERTY", "hi-Translit@sw=QWERTY-Hindi", "hu_HU@sw=QWERTZ", "is_IS@sw=Icelandic",
    "id_ID@sw=QWERTY", "ga_IE@sw=QWERTY", "it_IT@sw=QWERTY", "lv_LV@sw=QWERTY", "lt_LT@sw=QWERTY",
    "mk_MK@sw=Macedonian", "ms_MY@sw=QWERTY", "mr@sw=Devanagari-Marathi", "nb_NO@sw=QWERTY-Norwegian",
    "fa@sw=Persian", "pl_PL@sw=QWERTY", "pt_BR@sw=QWERTY", "pt_PT@sw=QWERTY", "pa@sw=Punjabi-Phonetic",
    "ro_RO@sw=QWERTY", "ru_RU@sw=Russian", "sr_Cyrl@sw=Serbian-Cyrillic", "sr_Latn@sw=QWERTY",
    "sk_SK@sw=Czech-Slovak", "sl_SI@sw=QWERTZ", "es_419@sw=QWERTY-Spanish", "es_MX@sw=QWERTY-Spanish",
    "es_ES@sw=QWERTY-Spanish", "sv_SE@sw=QWERTY-Swedish-Finnish", "tl_PH@sw=QWERTY", "ta@sw=Tamil",
    "te@sw=Telugu", "th_TH@sw=Thai", "bo@sw=Tibetan", "tr_TR@sw=Turkish-Q", "uk_UA@sw=Ukrainian",
    "ur@sw=Urdu", "vi_VN@sw=QWERTY", "cy_GB@sw=QWERTY",
  ]

  /// The identifier without its hardware part: `ko_KR@sw=Korean` for `ko_KR@sw=Korean;hw=Automatic`.
  package static func bare(_ identifier: String) -> Substring {
    identifier.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
  }

  /// The language an identifier is for: `zh` for `zh_Hant-Zhuyin@sw=Zhuyin`.
  static func language(_ identifier: String) -> Substring {
    identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
  }

  /// The input mode an identifier names: `Zhuyin` for `zh_Hant-Zhuyin@sw=Zhuyin`, empty for
  /// `ko_KR@sw=Korean`.
  package static func mode(_ identifier: String) -> Substring {
    let locale = identifier.prefix { $0 != "@" }
    return locale.firstIndex(of: "-").map { locale[locale.index(after: $0)...] } ?? ""
  }

  /// The known identifier nearest to `identifier`, with `identifier`'s own `;hw=` part when it has one:
  /// `zh_Hant-Zhuyin@sw=Zhuyin` for `zh_Hans-Zhuyin@sw=Zhuyin`, `ja_JP-Kana@sw=Kana;hw=Automatic` for
  /// `ja_JP-Kana@sw=Kana-Flick`.
  ///
  /// Among the known identifiers of the same language (all of them when qapass knows none), those of
  /// the same input mode (`Zhuyin`, `Kana`) come first; the nearest by edit distance among them wins.
  ///
  /// - Returns: `nil` when `identifier` is known.
  package static func nearestKnown(to identifier: String) -> String? {
    let bare = bare(identifier)
    guard !known.contains(where: { self.bare($0) == bare }) else { return nil }
    let sameLanguage = known.filter { language($0) == language(identifier) }
    let pool = sameLanguage.isEmpty ? known : sameLanguage
    let sameMode = pool.filter {
      !mode(identifier).isEmpty && mode($0).lowercased() == mode(identifier).lowercased()
    }
    let candidates = sameMode.isEmpty ? pool : sameMode
    guard let nearest = Suggestion.nearest(to: String(bare), among: candidates.map { String(self.bare($0)) }),
      let entry = candidates.first(where: { self.bare($0) == nearest })
    else { return nil }
    let hardware = identifier.dropFirst(bare.count)
    return hardware.isEmpty ? entry : nearest + hardware
  }

  /// The warning for a well-formed identifier qapass does not know, or `nil` for a known one.
  ///
  /// ```swift
  /// KeyboardIdentifier.unknownWarning(for: "zh_Hans-Zhuyin@sw=Zhuyin")
  /// // "keyboard 'zh_Hans-Zhuyin@sw=Zhuyin' is not an iOS keyboard identifier qapass knows (DOMAIN 3.3);
  /// //  did you mean 'zh_Hant-Zhuyin@sw=Zhuyin'? …" (Zhuyin is a Traditional Chinese keyboard)
  /// ```
  package static func unknownWarning(for identifier: String) -> String? {
    guard let nearest = nearestKnown(to: identifier) else { return nil }
    return
      "keyboard '\(identifier)' is not an iOS keyboard identifier qapass knows (DOMAIN 3.3); did you mean "
      + "'\(nearest)'? If it is right, confirm it in the AppleKeyboards list of a device that has the "
      + "keyboard: simulator-setup writes it there"
  }
}
