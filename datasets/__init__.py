"""Our data code: readers for the shared photo dataset and the synthetic tile renderer."""
