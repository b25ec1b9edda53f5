import SnapCore
import Foundation
let start = Date()
let r = Simulation(.init(games: 200, players: 4, seed: 1)).run()
print(r, Date().timeIntervalSince(start))
