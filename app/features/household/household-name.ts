/** The name a new household gets when none is given; pages show it translated ("My budget", "Mijn budget"). */
export const defaultHouseholdName = "My budget";
