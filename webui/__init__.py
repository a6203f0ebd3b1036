"""The table panel: a Flask app for the players' phones."""
