"""The columns of arkham.boardmap.BoardMap (what loops over every spot read), for a fake board
that keeps a list of spot records in `spots`: call _columns() once the list is made."""


class Columns:
    def _columns(self):
        self.count = len(self.spots)
        self.spot_names = [s.name for s in self.spots]
        self.led_start = [0]
        self.led_list = []
        for s in self.spots:
            self.led_list += list(s.leds)
            self.led_start.append(len(self.led_list))

    def index(self, name):
        for k in range(len(self.spots)):
            if self.spots[k].name == name:
                return k
        return None

    def name_at(self, k):
        return self.spots[k].name

    def chip_at(self, k):
        return self.spots[k].chip
