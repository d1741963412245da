import Testing
@testable import ProjectCLI

@Suite struct CompileFormatTests {
    @Test func theFormatOfAFileNameIsItsExtension() {
        #expect(CompileFormat(fileName: "book.DOCX") == .docx)
        #expect(CompileFormat(fileName: "book.markdown") == .md)
        #expect(CompileFormat(fileName: "book.htm") == .html)
        #expect(CompileFormat(fileName: "book.txt") == nil)
        #expect(CompileFormat(fileName: ".pdf") == nil)
        #expect(CompileFormat(fileName: "book") == nil)
    }

    @Test func thePaperFollowsTheLocaleAsPOSIXHasIt() {
        #expect(Paper(locale: "en_US") == .letter)
        #expect(Paper(locale: "fr_CA") == .letter)
        #expect(Paper(locale: "en_GB") == .a4)
        #expect(Paper(locale: "de_DE") == .a4)
        #expect(Paper(locale: "ca") == .a4)  // Catalan, not Canada
        #expect(Paper(locale: nil) == .a4)
    }

    @Test func thePaperComesFromLCPaperThenLCAllThenLang() {
        #expect(LocaleSettings(environment: ["LANG": "en_US.UTF-8"]).paper == "en_US")
        #expect(LocaleSettings(environment: ["LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"]).paper == "de_DE")
        #expect(LocaleSettings(environment: ["LC_ALL": "fr_FR.UTF-8", "LC_PAPER": "en_US.UTF-8"]).paper == "fr_FR")
        #expect(LocaleSettings(environment: ["LANG": "C.UTF-8"]).paper == nil)
    }

    @Test func theDocumentLanguageIsTheMessagesLocale() {
        #expect(LocaleSettings(environment: ["LANG": "fr_CA.UTF-8"]).documentLanguage == "fr-CA")
        #expect(LocaleSettings(environment: ["LANG": "sv_SE.UTF-8"]).documentLanguage == "en")
        #expect(LocaleSettings(environment: ["LANG": "C.UTF-8"]).documentLanguage == "en")
    }
}
