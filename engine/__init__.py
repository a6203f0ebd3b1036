"""The Korean 2-Point Mahjong rules engine: tiles, hand analysis, scoring, payments, game record.

Pure Python; imports nothing from `vision` or `webui`.
"""
