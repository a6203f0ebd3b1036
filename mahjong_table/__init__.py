"""The `mahjong-table` console script: one entry point over the engine, the reader and the panel."""
