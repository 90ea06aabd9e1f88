import SwiftUI

@main
struct BrewerClipApp: App {
    var body: some Scene {
        WindowGroup { Text("Order a brew") }
    }
}
