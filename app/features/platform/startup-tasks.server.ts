// Importing an area's start-up module registers its tasks with onStartup(); order matters.
import "~/features/auth/startup.server";
import "~/features/blog/startup.server";
import "~/features/budget/startup.server";
import "~/features/sharing/startup.server";
export {};
