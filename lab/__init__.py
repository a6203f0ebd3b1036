"""Training, evaluation and benchmarks of the table reader: work done away from the table.

Nothing that runs at the table imports this package (a test checks it), so the panel and the
`recognize` command need neither torch nor the training data; the wheel leaves it out. The models
it trains ship in `vision/models/`; the data it reads comes from `datasets`.
"""
