from mahjong_table.cli import main

raise SystemExit(main())
