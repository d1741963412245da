import Testing
@testable import ProjectCLI

@Suite("Screenplay HTML")
struct ScreenplayHTMLTests {
    @Test("screenplain's HTML gets the script's title and its title page, escaped, the contact lines together")
    func screenplayHTML() {
        let page = "<html><head><title>Screenplay</title></head><body><div id=\"wrapper\" class=\"screenplay\">\n<h6>INT. HOUSE</h6></div>"
        let fountain = "Title: Fish & <Chips>\nCredit: Written by\nAuthor: Anna\nContact:\n    1 Road\n    anna@example.com\n\nINT. HOUSE"
        let titled = ScreenplayHTML.titled(page, fountain: fountain)
        #expect(titled.contains("<title>Fish &amp; &lt;Chips&gt;</title>"))
        #expect(titled.contains(">Fish &amp; &lt;Chips&gt;</p>\n<p style=\"margin-bottom: 1em\">Written by</p>\n<p style=\"margin-bottom: 1em\">Anna</p>\n"
            + "<p style=\"margin-bottom: 1em\">1 Road<br>anna@example.com</p>\n</section>\n<h6>INT. HOUSE</h6>"), "\(titled)")
        #expect(ScreenplayHTML.titled(page, fountain: "INT. HOUSE") == page)
    }
}
