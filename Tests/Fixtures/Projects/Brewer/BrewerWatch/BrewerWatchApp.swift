import SwiftUI

@main
struct BrewerWatchApp: App {
    var body: some Scene {
        WindowGroup { Text("Brewer") }
    }
}
