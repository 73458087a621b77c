"""Yavalath: four in a row wins, three in a row loses, for two or three players."""
