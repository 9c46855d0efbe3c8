import sys

from manastack.cli import main

sys.exit(main())
