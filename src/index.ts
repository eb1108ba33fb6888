/** The action bundle's entry (dist/index.js): everything else is in main.ts. */
import { run } from './main.ts';

void run();
