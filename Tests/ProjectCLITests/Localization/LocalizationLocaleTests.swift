import Foundation
import Testing
@testable import ProjectCLI

/// Which language and locales the POSIX environment chooses (see docs/localization.md).
@Suite struct LocalizationLocaleTests {
    static let available = ["de", "en", "es", "fr"]

    static func language(_ environment: [String: String]) -> String {
        LocaleSettings(environment: environment, available: available).language
    }

    @Test func theShippedLanguagesAreAvailable() {
        #expect(Set(Localizer.languages) == Set(Self.available))
        #expect(LocaleSettings(environment: ["LANG": "es_ES.UTF-8"]).language == "es")
    }

    @Test func lcAllWinsOverLcMessagesWhichWinsOverLang() {
        #expect(Self.language(["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "es_ES.UTF-8"]) == "fr")
        #expect(Self.language(["LC_MESSAGES": "de_DE.UTF-8", "LANG": "es_ES.UTF-8"]) == "de")
        #expect(Self.language(["LANG": "es_ES.UTF-8"]) == "es")
        // Another category does not choose the messages.
        #expect(Self.language(["LC_TIME": "fr_FR.UTF-8", "LC_COLLATE": "de_DE.UTF-8", "LANG": "es_ES.UTF-8"]) == "es")
    }

    @Test func emptyVariablesAreUnset() {
        #expect(Self.language(["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]) == "de")
        #expect(Self.language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"]) == "fr")
    }

    /// A C locale wins over `LANG` too: `LC_ALL=C` is how scripts ask for English.
    @Test func cAndPosixMeanEnglish() {
        #expect(Self.language([:]) == "en")
        #expect(Self.language(["LANG": "C"]) == "en")
        #expect(Self.language(["LANG": "C.UTF-8"]) == "en")
        #expect(Self.language(["LANG": "POSIX"]) == "en")
        #expect(Self.language(["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]) == "en")
        #expect(Self.language(["LC_MESSAGES": "POSIX", "LANG": "de_DE.UTF-8"]) == "en")
    }

    @Test func aLanguageWeLackMeansEnglish() {
        #expect(Self.language(["LANG": "sv_SE.UTF-8"]) == "en")
        #expect(Self.language(["LANG": "ja_JP.UTF-8"]) == "en")
        #expect(Self.language(["LANG": "en_GB.UTF-8"]) == "en")
    }

    @Test func regionsEncodingsAndModifiersAreIgnored() {
        #expect(Self.language(["LANG": "fr_CA.UTF-8"]) == "fr")
        #expect(Self.language(["LANG": "fr_BE"]) == "fr")
        #expect(Self.language(["LANG": "de_DE@euro"]) == "de")
        #expect(Self.language(["LANG": "de_AT.ISO-8859-15@euro"]) == "de")
        #expect(Self.language(["LANG": "es_MX.utf8"]) == "es")
        #expect(Self.language(["LANG": "fr"]) == "fr")
    }

    /// GNU `LANGUAGE` picks the first language we have, but only when the locale is a real one.
    @Test func languageListIsHonouredForARealLocale() {
        #expect(Self.language(["LANGUAGE": "es:fr", "LANG": "de_DE.UTF-8"]) == "es")
        #expect(Self.language(["LANGUAGE": "sv:fr", "LANG": "de_DE.UTF-8"]) == "fr")
        #expect(Self.language(["LANGUAGE": "fr_CA:es", "LANG": "en_US.UTF-8"]) == "fr")
        #expect(Self.language(["LANGUAGE": "sv:nb", "LANG": "de_DE.UTF-8"]) == "de")
        #expect(Self.language(["LANGUAGE": "es:fr", "LC_ALL": "sv_SE.UTF-8"]) == "es")
        #expect(Self.language(["LANGUAGE": "", "LANG": "de_DE.UTF-8"]) == "de")
    }

    @Test func languageListIsIgnoredWithoutARealLocale() {
        #expect(Self.language(["LANGUAGE": "es:fr"]) == "en")
        #expect(Self.language(["LANGUAGE": "es:fr", "LANG": "C"]) == "en")
        #expect(Self.language(["LANGUAGE": "es:fr", "LANG": "POSIX"]) == "en")
        #expect(Self.language(["LANGUAGE": "es:fr", "LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"]) == "en")
    }

    @Test func collationComesFromLcAllThenLcCollateThenLang() {
        func collation(_ environment: [String: String]) -> String {
            LocaleSettings(environment: environment, available: Self.available).collation.identifier
        }
        #expect(collation(["LC_ALL": "sv_SE.UTF-8", "LC_COLLATE": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]) == "sv_SE")
        #expect(collation(["LC_COLLATE": "sv_SE.UTF-8", "LANG": "de_DE.UTF-8"]) == "sv_SE")
        #expect(collation(["LANG": "de_DE.UTF-8"]) == "de_DE")
        // A locale we have no messages for still sorts by its own rules.
        #expect(collation(["LC_COLLATE": "sv_SE.UTF-8"]) == "sv_SE")
        #expect(collation(["LC_MESSAGES": "sv_SE.UTF-8", "LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(collation(["LC_ALL": "C", "LC_COLLATE": "sv_SE.UTF-8"]) == "en_US_POSIX")
        #expect(collation([:]) == "en_US_POSIX")
    }

    @Test func datesComeFromLcAllThenLcTimeThenLang() {
        func formatting(_ environment: [String: String]) -> String {
            LocaleSettings(environment: environment, available: Self.available).formatting.identifier
        }
        #expect(formatting(["LC_ALL": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == "de_DE")
        #expect(formatting(["LC_TIME": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == "fr_FR")
        #expect(formatting(["LANG": "es_ES.UTF-8"]) == "es_ES")
        #expect(formatting(["LANG": "POSIX"]) == "en_US_POSIX")
    }

    /// Dates in `show` and `list` follow LC_TIME: order of day and month, month names, 24-hour clock.
    @Test(arguments: [
        ("fr_FR", "mars", "15 mars 2026"), ("de_DE", "März", "15.03.2026"), ("es_ES", "marzo", "15 mar 2026"),
        ("en_US", "March", "Mar 15, 2026"),
    ])
    func datesAreWrittenTheLocalWay(locale: String, month: String, short: String) {
        let utc = TimeZone(identifier: "UTC")!
        let dates = DateText(locale: Locale(identifier: locale), timeZone: utc)
        let moment = Date(timeIntervalSince1970: 1_773_532_800 + 15 * 3600 + 5 * 60)  // 2026-03-15 15:05 UTC
        let long = dates.dateAndTime(moment)
        #expect(long.contains(month), "\(locale): \(long)")
        #expect(long.contains("15"), "\(locale): \(long)")
        if locale == "en_US" {
            #expect(long.contains("3:05") && long.contains("PM"), "\(long)")
        } else {
            #expect(long.contains("15:05"), "\(locale) uses a 24-hour clock: \(long)")
            #expect(!long.contains("PM"), "\(locale): \(long)")
        }
        #expect(dates.date(moment).replacingOccurrences(of: ".", with: "") == short.replacingOccurrences(of: ".", with: ""),
                "\(locale): \(dates.date(moment))")
    }
}
