"""The table reader: capture, tile finding, the ONNX tile classifier and grouping into hands.

Imports `engine` for tile codes at most, never `webui`.
"""
