import SwiftUI
import BrewerMacKit

@main
struct BrewerApp: App {
    var body: some Scene {
        WindowGroup { Text(Brew(name: "Espresso").name) }
    }
}
