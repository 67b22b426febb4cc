// Tables shared by several areas live here; each area adds its own file beside this one.
export {};
