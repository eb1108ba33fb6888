import { runServer } from './main.ts';

// Nothing but the process binding: settings come from the environment, and a failed start exits 1.
const running = await runServer(process.env);
if (running === undefined) process.exit(1);
