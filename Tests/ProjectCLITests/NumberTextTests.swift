import Foundation
import Testing
@testable import ProjectCLI
@testable import ProjectStoreFile

@Suite struct NumberTextTests {
    @Test(arguments: [
        ("en_US", 12_345, "12,345"), ("en_GB", 1_234_567, "1,234,567"), ("en_US", 999, "999"), ("en_US", 1000, "1,000"),
        ("en_US_POSIX", 12_345, "12,345"), ("en_US", -12_345, "-12,345"), ("en_US", 0, "0"),
        ("fr_FR", 12_345, "12\u{202F}345"), ("fr_CA", 1_000_000, "1\u{202F}000\u{202F}000"), ("fr_FR", 999, "999"),
        ("de_DE", 12_345, "12.345"), ("de_AT", 1234, "1.234"),
        // CLDR groups Spanish from five digits only.
        ("es_ES", 1234, "1234"), ("es_ES", 12_345, "12.345"), ("es_MX", 1_234_567, "1.234.567"),
        // The longest numbers there are, and signs with and without grouping.
        ("en_US", Int.max, "9,223,372,036,854,775,807"), ("es_ES", -1234, "-1234"), ("de_DE", -1000, "-1.000"),
        ("fr_FR", Int.min, "-9\u{202F}223\u{202F}372\u{202F}036\u{202F}854\u{202F}775\u{202F}808"),
    ])
    func groupsThousandsTheLocalesWay(locale: String, number: Int, expected: String) {
        #expect(NumberText(locale: Locale(identifier: locale)).string(number) == expected)
    }

    @Test func theNumericLocaleIsLCNumeric() {
        let settings = LocaleSettings(environment: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"])
        #expect(NumberText(locale: settings.numbers).string(80_000) == "80.000")
        let overridden = LocaleSettings(environment: ["LC_ALL": "fr_FR.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"])
        #expect(NumberText(locale: overridden.numbers).string(80_000) == "80\u{202F}000")
    }

    /// Digits alone in every locale, and each locale's own grouping, are read back as the tool
    /// writes them; French also with the no-break or plain space a keyboard types.
    @Test(arguments: [
        ("en_US", "90000", 90_000), ("en_US", "90,000", 90_000), ("en_GB", "1,234,567", 1_234_567), ("C", "12,345", 12_345),
        ("fr_FR", "80000", 80_000), ("fr_FR", "80\u{202F}000", 80_000), ("fr_FR", "80\u{A0}000", 80_000),
        ("fr_FR", "80 000", 80_000), ("fr_CA", "1 000 000", 1_000_000),
        ("de_DE", "80000", 80_000), ("de_DE", "80.000", 80_000), ("de_CH", "1.234.567", 1_234_567),
        ("es_ES", "80.000", 80_000), ("es_ES", "1234", 1234), ("es_ES", "1.234", 1234), ("en_US", "0", 0),
    ])
    func readsTheLocalesGrouping(locale: String, typed: String, number: Int) {
        let numbers = NumberText(locale: Locale(identifier: locale))
        #expect(numbers.reading(typed) == .whole(number))
        #expect(numbers.reading(numbers.string(number)) == .whole(number), "what it writes, it reads")
    }

    /// A comma or point that does not group thousands may be a decimal: no number is guessed.
    @Test(arguments: [
        ("en_US", "1,5"), ("en_US", "80,5"), ("en_US", "80.000"), ("en_US", "1.5"), ("en_US", "1,234.5"),
        ("en_US", "1234,567"), ("en_US", "1,23,456"),
        ("fr_FR", "80,5"), ("fr_FR", "1,5"), ("fr_FR", "80.000"), ("fr_FR", "80,000"),
        ("de_DE", "90,000"), ("de_DE", "1,5"), ("de_DE", "80.5"), ("es_ES", "1,5"), ("es_ES", "80.00"),
    ])
    func refusesWhatMayBeADecimal(locale: String, typed: String) {
        #expect(NumberText(locale: Locale(identifier: locale)).reading(typed) == .perhapsDecimal)
    }

    @Test(arguments: [
        ("en_US", "80 000"), ("en_US", "eighty"), ("en_US", "-5"), ("en_US", "+5"), ("en_US", " 5"), ("en_US", "5k"),
        ("en_US", ","), ("de_DE", "80 000"), ("fr_FR", "80 00"),
        ("fr_FR", " 800"), ("en_US", "١٢٣"),
    ])
    func refusesWhatIsNoNumber(locale: String, typed: String) {
        #expect(NumberText(locale: Locale(identifier: locale)).reading(typed) == .invalid)
    }

    /// Digits past what a whole number holds are a number too large, not no number: the message
    /// then says the range.
    @Test(arguments: [
        ("en_US", "99999999999999999999999"), ("en_US", "9223372036854775808"), ("en_US", "10,000,000,000,000,000,000"),
        ("fr_FR", "10 000 000 000 000 000 000"), ("de_DE", "10.000.000.000.000.000.000"),
    ])
    func digitsPastAWholeNumberAreTooLarge(locale: String, typed: String) {
        #expect(NumberText(locale: Locale(identifier: locale)).reading(typed) == .tooLarge)
        #expect(NumberText(locale: Locale(identifier: locale)).reading("9223372036854775807") == .whole(Int.max))
    }

    /// A problem inside the folder is one line, with the whole path and the reason in the user's words.
    @Test func folderProblemsAreOneLineEach() {
        let folder = "/w/Novel"
        let file = ErrorReport.describe(FolderProblem(kind: .unreadableFile, path: "Chapters/1.md", code: EACCES), in: folder, english)
        #expect(file == "Cannot read /w/Novel/Chapters/1.md: permission denied. It is not counted.")
        let inner = ErrorReport.describe(FolderProblem(kind: .unreadableFolder, path: "Vault", code: EACCES), in: folder, english)
        #expect(inner == "Cannot read the folder /w/Novel/Vault: permission denied. The files in it are not counted.")
        let gone = ErrorReport.describe(FolderProblem(kind: .vanished, path: "old.md", code: ENOENT), in: folder, english)
        #expect(gone == "/w/Novel/old.md disappeared while it was being counted.")
        let french = ErrorReport.describe(FolderProblem(kind: .unreadableFile, path: "a.md", code: EACCES), in: folder, Localizer(language: "fr"))
        #expect(french.hasPrefix("Impossible de lire /w/Novel/a.md\u{A0}:"))
    }
}
