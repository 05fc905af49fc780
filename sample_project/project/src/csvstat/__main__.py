from csvstat.cli import main

raise SystemExit(main())
