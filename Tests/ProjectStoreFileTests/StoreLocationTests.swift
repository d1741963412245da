import Testing
@testable import ProjectStoreFile

@Suite("Store location")
struct StoreLocationTests {
    private let everything = [
        "PROJECT_STORE": "/env/store.json", "XDG_DATA_HOME": "/xdg/data", "HOME": "/home/writer",
    ]

    @Test func explicitPathWins() {
        #expect(StoreLocation.path(explicit: "/explicit.json", environment: everything) == "/explicit.json")
        #expect(StoreLocation.path(explicit: "relative/store.json", environment: [:]) == "relative/store.json")
    }

    @Test func emptyExplicitPathIsIgnored() {
        #expect(StoreLocation.path(explicit: "", environment: everything) == "/env/store.json")
    }

    @Test func projectStoreVariableComesNext() {
        #expect(StoreLocation.path(explicit: nil, environment: everything) == "/env/store.json")
        #expect(StoreLocation.path(explicit: nil, environment: ["PROJECT_STORE": "rel.json"]) == "rel.json")
    }

    @Test func emptyProjectStoreVariableIsIgnored() {
        var environment = everything
        environment["PROJECT_STORE"] = ""
        #expect(StoreLocation.path(explicit: nil, environment: environment) == "/xdg/data/project/projects.json")
    }

    @Test func xdgDataHomeWhenAbsolute() {
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/w"])
            == "/xdg/data/project/projects.json")
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg/data"])
            == "/xdg/data/project/projects.json")
    }

    @Test(arguments: ["relative/data", "", "~/data", "./data"])
    func relativeOrEmptyXDGDataHomeIsIgnored(_ value: String) {
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": value, "HOME": "/home/w"])
            == "/home/w/.local/share/project/projects.json")
    }

    @Test func homeIsTheLastResort() {
        #expect(StoreLocation.path(explicit: nil, environment: ["HOME": "/home/writer"])
            == "/home/writer/.local/share/project/projects.json")
    }

    @Test func nothingWithoutHome() {
        #expect(StoreLocation.path(explicit: nil, environment: [:]) == nil)
        #expect(StoreLocation.path(explicit: nil, environment: ["HOME": ""]) == nil)
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "relative", "USER": "w"]) == nil)
    }

    @Test func namesOfTheDefaultStore() {
        #expect(StoreLocation.fileName == "projects.json")
        #expect(StoreLocation.folderName == "project")
    }
}
