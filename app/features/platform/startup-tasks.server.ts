// Importing an area's start-up module registers its tasks with onStartup(); order matters.
import "~/features/blog/startup.server";
export {};
