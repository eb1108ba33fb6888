/** The action bundle's entry (dist/index.js): it only starts `run()`, which is in main.ts. */
import { run } from './main.ts';

void run();
