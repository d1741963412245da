import ProjectStore
import Testing

@Suite struct AuthorDetailsTests {
    @Test func theSurnameKeepsItsParticlesButNeverTheFirstName() {
        #expect(AuthorDetails(name: "Anna van der Berg", contact: []).surname == "van der Berg")
        #expect(AuthorDetails(name: "Ludwig von Mises", contact: []).surname == "von Mises")
        #expect(AuthorDetails(name: "Anna Lindqvist", contact: []).surname == "Lindqvist")
        #expect(AuthorDetails(name: "De Niro", contact: []).surname == "Niro")
        #expect(AuthorDetails(name: "Madonna", contact: []).surname == "Madonna")
        #expect(AuthorDetails(name: nil, contact: []).surname == nil)
    }

    @Test func theShortTitleIsTheWholeTitleWhenShortAndTheMainTitleElse() {
        let author = AuthorDetails(name: nil, contact: [])
        #expect(author.shortTitle(of: "The Girl Who Sailed") == "THE GIRL WHO SAILED")
        #expect(author.shortTitle(of: "Tides") == "TIDES")
        #expect(author.shortTitle(of: "Harbour: A Novel of the Sea") == "HARBOUR")
        #expect(author.shortTitle(of: "The Girl Who Sailed the Seven Seas") == "THE GIRL WHO SAILED")
    }

    @Test func theFileGivesTheSurnameAndShortTitlesApartFromTheContactLines() {
        let author = AuthorDetails(settings: """
            # for manuscripts
            Gabriel García Márquez
            Surname: García Márquez
            Calle 1, Bogotá
            short title: The Girl Who Sailed = Girl
            gabo@example.com
            """)
        #expect(author.name == "Gabriel García Márquez")
        #expect(author.contact == ["Calle 1, Bogotá", "gabo@example.com"])
        #expect(author.surname == "García Márquez")
        #expect(author.shortTitle(of: "the girl who sailed") == "GIRL")
        #expect(author.shortTitle(of: "Another Story") == "ANOTHER STORY")
    }

    @Test func chapterNumbersAreSetOnceForAllAndOverriddenForOneProject() {
        let author = AuthorDetails(settings: """
            Anna Lind
            Chapter numbers: yes
            chapter numbers: Tide Tables = no
            Chapter numbers: The Girl = oui
            Chapter numbers: perhaps
            """)
        #expect(author.name == "Anna Lind")
        #expect(author.contact.isEmpty)
        #expect(author.chapterNumbers.numbers("Harbour"))
        #expect(!author.chapterNumbers.numbers("tide tables"))
        #expect(author.chapterNumbers.numbers("The Girl"))
        #expect(!AuthorDetails(settings: "Anna Lind\nChapter numbers: nein").chapterNumbers.numbers("Harbour"))
        #expect(!AuthorDetails(settings: "Anna Lind").chapterNumbers.numbers("Harbour"))
    }
}
