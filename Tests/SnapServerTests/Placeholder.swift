import SnapServer
