import SwiftUI

public struct BrewListView: View {
    public init() {}
    public var body: some View { Text("Brews", bundle: .module) }
}
