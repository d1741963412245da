import Testing
@testable import ProjectStore

@Suite("Each kind's folders")
struct KindFolderTests {
    @Test func theIssuesTable() {
        #expect(ProjectKind.blank.folders == [])
        #expect(ProjectKind.novel.folders == [.chapters, .scenes, .characters, .locations, .research, .setAside])
        #expect(ProjectKind.script.folders == [.acts, .scenes, .characters, .locations, .research, .setAside])
        for kind in [ProjectKind.poetry, .shortStory] {
            #expect(kind.folders == [.draft, .ready, .published, .collections, .submissions, .research, .setAside])
        }
    }

    @Test func everyFolderBelongsToSomeKind() {
        let used = Set(ProjectKind.allCases.flatMap(\.folders))
        #expect(used == Set(KindFolder.allCases))
    }
}
